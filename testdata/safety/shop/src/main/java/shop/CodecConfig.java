package shop;

/** Holds the name of the codec to make, by default LoudCodec's, as commons-pool's configs do. */
public class CodecConfig {
    public static final String DEFAULT_CODEC = LoudCodec.class.getName();

    private String codecName = DEFAULT_CODEC;

    public String codecName() {
        return codecName;
    }

    public Object makeCodec() throws Exception {
        return Class.forName(codecName).getDeclaredConstructor().newInstance();
    }
}
