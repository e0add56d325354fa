"Keyword search in unsegmented scripts (issue 11): a Chinese or Japanese word inside a run is found; English is unchanged; old stores keep their tokenizer."
import pytest
from litesearch import database
from litesearch.db import DEFAULT_TOKENIZE

def test_words_inside_runs(tmp_path):
    db = database(tmp_path/'c.db')
    db.add_doc('# 说明\n我们喜欢中文字符搜索。系统支持全文检索。', title='zh', embedder=False)
    db.add_doc('# 概要\n日本語の文章を検索する。東京は大きい都市です。', title='ja', embedder=False)
    db.add_doc('# Saturn\nSaturn transits the twelfth house.', title='en', embedder=False)
    ids = dict(db.execute('SELECT title, id FROM docs').fetchall())
    for q, want in [('中文', 'zh'), ('全文检索', 'zh'), ('東京', 'ja'), ('文章', 'ja'), ('transit', 'en')]:
        hits = db.doc_search(q, emb=False)
        assert hits and hits[0]['doc_id'] == ids[want], (q, hits)
    assert db.doc_search('北京', emb=False) == []
    db.close()

def test_an_old_store_keeps_its_tokenizer(tmp_path):
    "A store made with the old default (no ls_cjk) opens and searches as before."
    db = database(tmp_path/'o.db')
    st = db.get_store('old', tokenize='porter unicode61 remove_diacritics 2')
    st.insert_all([dict(content='Saturn transits the house'), dict(content='我们喜欢中文字符搜索')])
    db.close()
    db = database(tmp_path/'o.db'); st = db.table('old')
    assert [r['rowid'] for r in st.fts_search('transit')] == [1]
    assert st.fts_search('中文') == []                     # unsegmented, as it was made
    assert 'ls_cjk' in DEFAULT_TOKENIZE
    db.close()
