//! The editor (the Start tab's drawing tools and the Edit menu), driven as a user would,
//! headless.

mod edit_menu;
mod painting;
mod pieces;
