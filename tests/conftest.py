import pytest
from litesearch import database

@pytest.fixture
def fresh_db():
    db = database()
    yield db
    db.close()

@pytest.fixture
def db_path(tmp_path): return tmp_path/'test.db'
