package app;

import static app.util.Strings.pad;
import static org.junit.jupiter.api.Assertions.assertEquals;

import app.model.*;
import org.junit.jupiter.api.Test;

class NamesTest {
    private final Box box = new Box();

    @Test
    void chainThroughReturnType() {
        assertEquals(3, box.getItem().weight());
    }

    @Test
    void varLocal() {
        var b = new Box();
        Item it = b.getItem();
        assertEquals(3, it.weight());
    }

    @Test
    void enumMethodsWithoutReceiver() {
        assertEquals("dark", Shade.DARK.label());
        assertEquals("light-1", Shade.LIGHT.label());
    }

    @Test
    void ownNameInsideAnEnum() {
        assertEquals("swatch", new Shade.Swatch().show());
    }

    @Test
    void nestedType() {
        Box.Lid lid = new Box.Lid();
        assertEquals(1, lid.size());
    }

    @Test
    void qualifiedNestedEnumValueOf() {
        assertEquals("s", Box.Mode.valueOf("SHUT").code());
    }

    @Test
    void staticImport() {
        assertEquals(" x", pad("x"));
    }

    @Test
    void inheritedFieldInInnerClass() {
        assertEquals(3, new BigBox().handleGrip());
    }

    @Test
    void qualifiedNew() {
        assertEquals(3, new app.model.Plane().span());
    }
}
