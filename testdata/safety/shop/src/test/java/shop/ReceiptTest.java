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

    @Test
    public void shownButNotChecked() {
        Receipt receipt = new Receipt(new StringBuilder());
        String shown = "receipt " + receipt; // runs toString, which no assertion reads
        assertEquals(0, receipt.lines());
    }
}
