pub use storelab_core;
