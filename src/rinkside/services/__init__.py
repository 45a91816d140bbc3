"""One service layer (load, call the domain, save) shared by the CLI, the web
and the tests."""
