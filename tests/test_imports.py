"usearch imported before onnxruntime (flashrank's runtime) must not crash the interpreter."
import subprocess, sys

def _run(code): return subprocess.run([sys.executable, '-c', code], capture_output=True, text=True, timeout=120)

def test_usearch_then_onnxruntime():
    r = _run('import usearch.index, onnxruntime; print("ok")')
    assert r.returncode == 0 and 'ok' in r.stdout, (r.returncode, r.stderr[-2000:])

def test_litesearch_then_flashrank():
    r = _run('from litesearch import database; import litesearch.tree; db = database(); db.get_tree(); import flashrank; print("ok")')
    assert r.returncode == 0 and 'ok' in r.stdout, (r.returncode, r.stderr[-2000:])
