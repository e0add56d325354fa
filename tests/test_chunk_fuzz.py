"Chunking fuzz with multi-byte text: chonkie's byte offsets can land inside a character (FastChunker 1.7.0 raised UnicodeDecodeError)."
import random
import pytest
from litesearch.data import chunk_markdown
from litesearch import database

ALPHABET = list('abc xyz.\n?') + list('’—€é→नमःशि।😀中文字') + ['\u200d', '\U0001F468\u200d\U0001F469']

@pytest.mark.parametrize('seed', range(40))
def test_chunks_decode_and_join(seed):
    rng = random.Random(seed)
    s = ''.join(rng.choice(ALPHABET) for _ in range(rng.randint(1, 5000)))
    size = rng.choice([7, 50, 400, 800])
    cs = chunk_markdown(s, size)
    # nothing but whitespace-only pieces is dropped
    assert ''.join(cs).replace(' ', '').replace('\n', '') == s.replace(' ', '').replace('\n', '')

def test_multibyte_document_ingests():
    "The FEDEX 10-K failure, in miniature: a '’' straddling the 800-byte cut."
    db = database()
    text = 'x' * 798 + '’s revenue grew.\n' + 'Net income rose 5%.' * 60
    r = db.add_doc(text, title='multibyte')
    assert r['chunks'] >= 2
    assert '’s revenue' in db.read(f"{r['doc_id']}#0")['text']
    db.close()
