"""The records' Alembic migrations, shipped inside gamelib so that an installed gamelib can upgrade
a database: ``env.py`` runs on the connection the store hands it (no ``alembic.ini``), and
``versions/`` holds one file per revision, oldest first."""
