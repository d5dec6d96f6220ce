package wrappers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import wrappers.own.BufferedOutputStream;

/** The project's class of a JDK name, imported by name, is the one made. */
class OwnTest {
    @Test
    void theImportedClassIsTheProjects() {
        int before = BufferedOutputStream.made();
        BufferedOutputStream out = new BufferedOutputStream(new Counting());
        assertEquals(before + 1, BufferedOutputStream.made());
    }
}
