package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class ReceiptTest {
    @Test
    public void linesThenEnd() {
        StringBuilder out = new StringBuilder();
        try (Receipt receipt = new Receipt(out)) {
            receipt.line("pen");
            assertEquals(1, receipt.lines());
            assertEquals("pen;", out.toString());
        }
        assertEquals("pen;end", out.toString());
    }
}
