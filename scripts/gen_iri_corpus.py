#!/usr/bin/env python3
"""Writes benches/data/iri_links.txt: 5,000 IRI references with non-ASCII paths, queries,
fragments and hosts (Japanese, Chinese, Cyrillic, Greek, accented Latin), in the shapes links
have on non-English pages (absolute IRIs and relative references). Deterministic: a fixed seed,
so a re-run gives the same file. Run from the repository root."""
import random

rng = random.Random(3987)
words = {
    "ja": ["東京", "大阪", "日本語", "ウィキペディア", "検索", "ニュース", "天気予報", "カテゴリ", "ページ", "引き割り"],
    "zh": ["北京", "上海", "中文", "维基百科", "新闻", "图片", "视频", "搜索", "毛片免费的", "首页"],
    "ru": ["Москва", "Россия", "новости", "статья", "Википедия", "категория", "поиск", "погода"],
    "el": ["Αθήνα", "Ελλάδα", "ειδήσεις", "δοκιμή", "σελίδα"],
    "fr": ["été", "café", "résumé", "crème-brûlée", "Zürich", "niño", "São_Paulo", "Ærøskøbing"],
    "en": ["wiki", "index", "article", "2024", "page", "news", "img", "search"],
}
hosts = ["ja.wikipedia.org", "zh.wikipedia.org", "ru.wikipedia.org", "例え.jp", "新闻.cn",
         "пример.рф", "παράδειγμα.δοκιμή", "bücher.de", "www.example.com", "café.fr"]
schemes = ["http", "https", "https", "https"]


def word():
    lang = rng.choice(list(words))
    return rng.choice(words[lang])


def path():
    return "/".join(word() for _ in range(rng.randint(1, 4)))


def query():
    pairs = [f"{rng.choice(['q', 'search', 'title', 'lang', 'id'])}={word()}" for _ in range(rng.randint(1, 3))]
    return "&".join(pairs)


def link():
    kind = rng.random()
    if kind < 0.55:
        s = f"{rng.choice(schemes)}://{rng.choice(hosts)}/{path()}"
    elif kind < 0.75:
        s = "/" + path()
    elif kind < 0.9:
        s = path()
    else:
        s = "../" + path()
    if rng.random() < 0.35:
        s += "?" + query()
    if rng.random() < 0.15:
        s += "#" + word()
    return s


with open("benches/data/iri_links.txt", "w", encoding="utf-8") as f:
    for _ in range(5000):
        f.write(link() + "\n")
