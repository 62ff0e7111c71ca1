import html
import xml.etree.ElementTree as ET
print(html.escape("<a href='x'>Tom & Jerry</a>"), html.unescape("&lt;b&gt; &amp; &copy;"))
doc = ET.fromstring("""<catalog><book id="1"><title>XML 101</title><price>9.5</price></book>
<book id="2"><title>Py</title><price>20</price></book></catalog>""")
for b in doc.findall("book"):
    print(b.get("id"), b.findtext("title"), float(b.findtext("price")))
root = ET.Element("root", attrib={"v": "1"})
ET.SubElement(root, "child").text = "hi & bye"
print(ET.tostring(root, encoding="unicode"))
