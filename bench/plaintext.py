"""Numbered titles in plain text (issue 24): how many plain-text files get sections from `text_parse`, and which titles.

Reads every text file under the folders given (default: this machine's licences, Vim's help and /usr/share/doc), once per
distinct content, skips those markdown headings already structure (`md_parse` finds a `#` or setext heading) and binary ones,
and reports the files left, how many get numbered titles, and how many titles; `--show` prints each file's titles, indented
by level, to be read by eye (the measure of precision here: there is no outline to judge plain text against).

Run: python bench/plaintext.py [DIR ...] [--show]   (from the project root)
"""
import sys, hashlib, argparse
from pathlib import Path
from litesearch.data import read_text, md_parse, _md_lines, _ATX, _plain_heads

DEFAULT = ['/usr/share/common-licenses', '/usr/share/vim', '/usr/share/doc']

def files(dirs):
    "Text files under `dirs`: `.txt` and files without an extension (as `file_pages` reads them through `text_parse`), 3 KB or more, one per content."
    seen = set()
    for d in dirs:
        for p in sorted(Path(d).rglob('*')) if Path(d).is_dir() else [Path(d)]:
            if not p.is_file() or p.suffix.lower() not in ('.txt', '') or p.stat().st_size < 3000: continue
            h = hashlib.md5(p.read_bytes()).hexdigest()
            if h not in seen: seen.add(h); yield p

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('dirs', nargs='*', default=DEFAULT)
    ap.add_argument('--show', action='store_true', help="print each file's titles")
    a = ap.parse_args()
    plain, got = 0, []
    for p in files(a.dirs):
        try: md = md_parse(read_text(p))[0][1]
        except ValueError: continue          # binary
        if any(_ATX.match(l) for l, fenced in _md_lines(md) if not fenced): continue
        plain += 1
        if hs := _plain_heads(md): got.append((p, hs))
    print(f'plain-text files without markdown headings: {plain}; with numbered titles: {len(got)}; titles: {sum(len(h) for _, h in got)}')
    for p, hs in got if a.show else []:
        print(f'== {p} ({len(hs)})')
        for _, t, lv in hs: print('   ' + '  ' * (lv - 1) + t[:100])

if __name__ == '__main__': main()
