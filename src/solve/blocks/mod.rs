//! The block engine: polyomino pieces and walls on a rectangular board, in the step, slide and
//! move metrics, with identical pieces merged in the state encoding.
