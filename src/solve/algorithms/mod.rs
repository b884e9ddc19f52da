//! The textbook search algorithms, one file each, all generic over
//! [`Domain`](crate::solve::core::Domain) and driven by one
//! [`SearchControl`](crate::solve::core::SearchControl).
