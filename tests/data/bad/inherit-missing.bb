inherit does-not-exist
