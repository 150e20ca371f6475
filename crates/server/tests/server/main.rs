//! The server as its clients meet it: started for real, driven over WebSockets.

mod aborts;
mod compression;
mod floods;
mod games;
mod guards;
mod killed;
mod lobby;
mod offers;
mod records;
mod refusals;
mod restart;
mod site;
mod support;
mod whole_games;
