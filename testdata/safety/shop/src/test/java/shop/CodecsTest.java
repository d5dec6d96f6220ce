package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CodecsTest {
    @Test
    public void theDefaultCodecIsMadeByName() throws Exception {
        Object codec = Codecs.make();
        assertEquals("shop.PlainCodec", codec.getClass().getName());
    }
}
