package disp;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.Charset;

/** BigDecimal's and BigInteger's statics take numbers, a cast to String is a String: they run no project code. */
public class Nums {
    public static BigDecimal widened(String s) {
        if (s != null) {
            final Long n = Long.valueOf(s);
            return BigDecimal.valueOf(n.longValue());
        }
        return null;
    }

    public static String shown(String s) {
        if (s != null) {
            final Object n = Sorts.wrap(() -> s);
            return String.valueOf(n);
        }
        return null;
    }

    public static int lastAt(CharSequence cs, CharSequence search) {
        if (cs instanceof StringBuilder && search instanceof String) {
            return ((StringBuilder) cs).lastIndexOf((String) search, 3);
        }
        return -1;
    }

    public static int lastOf(String s, CharSequence search) {
        return s.lastIndexOf(String.valueOf((Object) search), 3);
    }

    public static int ends(int[] xs) {
        int s = 0;
        for (int i = 0, j = xs.length - 1; i < j; i++, j--) {
            s += xs[i] - xs[j];
        }
        return s;
    }

    public static ByteBuffer encoded(String s) {
        return ByteBuffer.wrap(s.getBytes(Charset.defaultCharset()));
    }
}
