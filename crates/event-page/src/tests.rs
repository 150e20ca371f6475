//! The event page's state machine and views, natively.
