package cleanup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** Statements inside a try with a finally clause are sliced one by one. */
class CleanupTest {
    @Test
    void eachAssertionInsideTheTryIsItsOwnSlice() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream saved = System.out;
        Greeter greeter = new Greeter();
        try {
            System.setOut(new PrintStream(out, true));
            assertEquals(3, greeter.length("abc"));
            greeter.greet("x");
            assertEquals("hi x", out.toString());
            assertEquals(1, greeter.greeted());
        } finally {
            System.setOut(saved);
        }
        assertEquals(5, greeter.length("abcde"));
    }

    @Test
    void afterTheTrySeesWhatFinallyDid() {
        List<String> log = new ArrayList<>();
        Greeter greeter = new Greeter();
        try {
            log.add("body");
            assertEquals(1, log.size());
            assertEquals(2, greeter.length("ab"));
        } finally {
            log.add("finally");
        }
        assertEquals(2, log.size());
    }

    @Test
    void finallyAssigningALocal() {
        String seen = "before";
        try {
            assertEquals("before", seen);
        } finally {
            seen = "after";
        }
        assertEquals("after", seen);
    }

    @Test
    void aTryOnOneLineStaysWhole() {
        List<String> log = new ArrayList<>();
        try { log.add("a"); assertEquals(1, log.size()); } finally { log.clear(); }
        assertEquals(0, log.size());
    }

    @Test
    void anAssertionInFinallyKeepsTheTryWhole() {
        List<String> log = new ArrayList<>();
        try {
            log.add("a");
            assertEquals(1, log.size());
        } finally {
            assertEquals(1, log.size());
        }
    }

    @Test
    void aCatchKeepsTheTryWhole() {
        Greeter greeter = new Greeter();
        try {
            greeter.refuse();
            fail("refuse returned");
        } catch (IllegalStateException e) {
            assertEquals("no", e.getMessage());
        }
        assertEquals(1, greeter.length("a"));
    }
}
