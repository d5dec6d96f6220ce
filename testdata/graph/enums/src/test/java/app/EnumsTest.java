package app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ObjectInputStream;
import java.util.EnumSet;
import org.junit.jupiter.api.Test;

class EnumsTest {
    @Test
    void oneConstant() {
        assertEquals("s", Size.SMALL.code());
    }

    @Test
    void values() {
        assertEquals(3, Size.values().length);
    }

    @Test
    void range() {
        assertEquals(6, EnumSet.range(Size.SMALL, Size.LARGE).stream().mapToInt(Size::rank).sum());
    }

    @Test
    void lastOfItsEnum() {
        assertEquals("l", Enums.last(Size.SMALL).code());
    }

    /** Size.MEDIUM serialized: deserialization finds the constant by its name. */
    private static final byte[] MEDIUM = {-84, -19, 0, 5, 126, 114, 0, 8, 97, 112, 112, 46, 83, 105, 122, 101};

    @Test
    void deserialized() throws Exception {
        Object back = new ObjectInputStream(new ByteArrayInputStream(MEDIUM)).readObject();
        assertEquals("m", ((Size) back).code());
    }

    @Test
    void byClassLiteral() {
        assertEquals("l", Enum.valueOf(Size.class, "LARGE").code());
    }

    @Test
    void classNameOnly() {
        assertEquals("Size", Size.class.getSimpleName());
    }

    @Test
    void initializationMayFail() {
        assertEquals(50, Ratio.HALF.percent());
        assertEquals(1, Weight.LIGHT.grams());
    }

    @Test
    void registeredByTheConstructor() {
        assertEquals("m", Unit.METRE.symbol());
        assertTrue(Registry.known("ft"));
    }

    @Test
    void registeredByAnArgumentOrABody() {
        assertEquals("flat", Tone.FLAT.label());
        assertTrue(Registry.known("soft"));
        assertTrue(Registry.known("hard-body"));
    }
}
