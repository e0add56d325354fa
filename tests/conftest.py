import pytest
from litesearch import database

@pytest.fixture
def fresh_db():
    db = database()
    yield db
    db.close()

@pytest.fixture
def db_path(tmp_path): return tmp_path/'test.db'

def setall(monkeypatch, name, value):
    "Patch `name` in every litesearch module that holds it: a module imports the names of the layers below by value."
    import sys
    mods = [m for k, m in list(sys.modules.items()) if (k == 'litesearch' or k.startswith('litesearch.')) and m is not None and hasattr(m, name)]
    assert mods, f'no litesearch module holds {name!r}'
    for m in mods: monkeypatch.setattr(m, name, value)
