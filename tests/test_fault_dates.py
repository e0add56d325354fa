"A cover or balance sheet printing a day no calendar has (an OCR's 'June 31') is ingested, not an error."
from litesearch import database

def test_impossible_dates_ingest():
    db = database()
    for cover in ('FORM 10-Q\nFor the quarterly period ended June 31, 2023\n\nJune 31, 2023 December 31, 2022\n\nRevenue rose.',
                  'FORM 10-Q\nFor the quarterly period ended June 30, 2023\n\nJune 30, 2023 February 30, 2023\n\nRevenue rose.'):
        r = db.add_doc(cover, title=f'q{len(db.toc(depth=0))}', source=None)
        assert r['chunks'] >= 1
    assert len(db.toc(depth=0)) == 2
