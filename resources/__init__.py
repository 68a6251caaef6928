"""The files the game ships beside its code (data only): installed as the package
``freecell.resources`` and read through :mod:`freecell.resource_files`."""
