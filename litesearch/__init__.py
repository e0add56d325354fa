__version__ = "0.1.0"
# Importing the package applies every module's patches to `Database`/`Table`.
from .core import database, rrf_merge, fts_query
from .utils import hash_embed
