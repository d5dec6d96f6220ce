package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class CodecConfigTest {
    @Test
    public void theConfiguredCodecIsMadeByName() throws Exception {
        Object codec = new CodecConfig().makeCodec();
        assertEquals("loud", codec.toString());
    }
}
