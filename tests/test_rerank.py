"Reranking offline with a tiny model built here; a missing model that cannot be fetched is a clear error."
import numpy as np, pytest
import litesearch.core as core
from litesearch import database, hash_embed
from litesearch.testing import make_tiny_ranker
import litesearch.tree

DOC = '# Saturn\n\nSaturn transits slowly.\n\n## Sade Sati\n\nSade sati lasts seven and a half years.\n\n# Jupiter\n\nJupiter moves one sign each year.'

def test_rerank_orders_by_model(tmp_path, monkeypatch):
    make_tiny_ranker(tmp_path, vocab='saturn sade sati lasts seven half years jupiter moves sign each year transits slowly'.split())
    monkeypatch.setenv('LITESEARCH_MODELS', str(tmp_path))
    db = database(); db.add_doc(DOC, title='G', embedder=hash_embed)
    q = 'sade sati lasts seven years'
    hits = db.doc_search(q, hash_embed([q])[0], limit=3, rerank=True)
    assert 'Sade sati' in hits[0]['text']
    assert [h['score'] for h in hits] == [1/(60+i) for i in range(len(hits))]
    assert hits[0]['why']['rerank_score'] >= hits[-1]['why']['rerank_score']
    db.close()

def test_missing_model_clear_error(tmp_path, monkeypatch):
    import importlib; R = importlib.import_module('flashrank.Ranker')
    def offline(self, name): raise ConnectionError('no network')
    monkeypatch.setattr(R.Ranker, '_download_model_files', offline)
    with pytest.raises(RuntimeError) as e: core.get_ranker('ms-marco-MiniLM-L-12-v2', cache_dir=tmp_path)
    msg = str(e.value)
    assert 'ms-marco-MiniLM-L-12-v2' in msg and str(tmp_path) in msg and 'LITESEARCH_MODELS' in msg

def test_rerank_with_several_documents(tmp_path, monkeypatch):
    "With routing on (several documents), a passage-like query was returned unreranked when rerank=True."
    make_tiny_ranker(tmp_path, vocab='saturn sade sati lasts seven half years jupiter moves sign each year transits slowly'.split())
    monkeypatch.setenv('LITESEARCH_MODELS', str(tmp_path))
    db = database(); db.add_doc(DOC, title='G', embedder=hash_embed); db.add_doc('# Mars\n\nMars moves fast.', title='M', embedder=hash_embed)
    for q in ('sade sati lasts seven years', 'what does G say about jupiter moving'):
        hits = db.doc_search(q, hash_embed([q])[0], limit=3, rerank=True)
        assert hits and all('rerank_score' in h['why'] for h in hits), q
        secs = db.sections(q, hash_embed([q])[0], limit=2, rerank=True)
        assert secs and all('rerank_score' in h['why'] for s in secs for h in s['passages']), q
    db.close()
