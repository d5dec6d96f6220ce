package app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

class FieldsTest {
    @Test
    void staticConstantRead() {
        assertEquals(10, new Service().max());
    }

    @Test
    void qualifiedWrite() {
        Meter m = new Meter();
        m.current = 4;
        assertEquals(4, m.read());
    }

    @Test
    void instanceFieldRead() {
        assertFalse(new Service().full());
    }

    @Test
    void fieldSelectedInAChain() {
        assertEquals(",", new Tokenizer().delim());
    }

    @Test
    void localClassField() {
        class Sized extends Bin {
            int twice() {
                return this.size * 2;
            }
        }
        assertEquals(14, new Sized().twice());
    }
}
