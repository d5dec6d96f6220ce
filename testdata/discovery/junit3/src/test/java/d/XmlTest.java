package d;

import org.custommonkey.xmlunit.XMLTestCase;

public class XmlTest extends XMLTestCase {
    public void testXml() {
    }
}
