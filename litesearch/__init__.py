__version__ = "0.1.0"
# Importing the package applies every module's patches to `Database`/`Table`, so
# `from litesearch import database` is enough for `db.add_doc`, `db.sections`, `db.add_dir`, ...
from .core import database, rrf_merge
from .fts import fts_query
from .embed import hash_embed
from . import retrieve, files, agent
