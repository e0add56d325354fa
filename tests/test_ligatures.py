"A typeset PDF sets `fi`, `ff`, `fl` as one glyph: kept as one character, `proﬁler` was a word no query spells."
import io, pymupdf
from litesearch import database

def story_pdf(html):
    "A PDF laid out from HTML by MuPDF's own engine, which sets ligatures as a typesetter does."
    buf, st, more = io.BytesIO(), pymupdf.Story(html=html), 1
    w = pymupdf.DocumentWriter(buf)
    while more:
        dev = w.begin_page(pymupdf.paper_rect('a5')); more, _ = st.place(pymupdf.paper_rect('a5') + (36, 36, -36, -36)); st.draw(dev); w.end_page()
    w.close()
    return buf.getvalue()

def test_a_typeset_word_is_found_as_spelled(tmp_path):
    f = tmp_path/'manual.pdf'
    f.write_bytes(story_pdf('<h1>Profiles</h1><p>The profiler writes a different file for each run.</p>'
                            '<h1>Options</h1><p>Each option is read once, at start-up.</p>'))
    assert '\ufb01' in pymupdf.open(str(f))[0].get_text()     # the PDF holds the ligature, as typeset PDFs do
    db = database()
    db.add_file(f)
    hits = db.sections('profiler different file', emb=False, limit=1)
    assert hits and hits[0]['title'] == 'Profiles', hits
    assert 'The profiler writes a different file' in db.read(hits[0]['node_id'])['text']
