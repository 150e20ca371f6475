//! The server as its clients meet it: started for real, driven over WebSockets.

mod compression;
mod games;
mod guards;
mod killed;
mod refusals;
mod restart;
mod site;
mod support;
