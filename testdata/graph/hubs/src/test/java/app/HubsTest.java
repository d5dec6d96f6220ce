package app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class HubsTest {
    @Test
    void enumMentionedOnly() {
        assertTrue(new Gauge().accept(null));
    }

    @Test
    void enumConstantToStringByLibrary() {
        assertEquals("H", new Gauge().render(Level.HIGH));
    }

    @Test
    void enumValuesToStringByLibrary() {
        assertEquals("[L, H]", Arrays.toString(Level.values()));
    }

    @Test
    void exceptionMentionedOnly() {
        assertTrue(Guard.mentions(null));
    }

    @Test
    void exceptionMessageReadByLibrary() {
        try {
            Guard.check(false);
        } catch (RuntimeException e) {
            assertEquals("app: failed", e.getMessage());
        }
    }

    @Test
    void inheritedLibraryMethodCallsOverride() {
        Items items = new Items();
        items.addAll(Arrays.asList("a", "b"));
        assertEquals(2, items.size());
    }

    @Test
    void itemsCreatedOnly() {
        assertEquals(0, new Items().adds);
    }

    @Test
    void unknownLibrarySupertype() {
        assertEquals(0, new Panel().paints);
    }

    @Test
    void superclassInitializedBySubclassCreation() {
        assertEquals(1, new SubRegistry().seed());
    }

    @Test
    void registryMentionedOnly() {
        assertTrue(new Gauge().holds(null));
    }
}
