//! The server as its clients meet it: started for real, driven over WebSockets.

mod aborts;
mod compression;
mod data;
mod events;
mod floods;
mod games;
mod guards;
mod hostile;
mod killed;
mod lobby;
mod offers;
mod races;
mod records;
mod refusals;
mod restart;
mod site;
mod support;
mod whole_games;
