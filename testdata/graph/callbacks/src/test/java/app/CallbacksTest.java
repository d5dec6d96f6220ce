package app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.apache.commons.lang3.SerializationUtils;
import org.junit.jupiter.api.Test;

class CallbacksTest {
    @Test
    void comparatorPassedToLibrary() {
        List<String> l = new ArrayList<>(Arrays.asList("ccc", "a"));
        Collections.sort(l, new ByLength());
        assertEquals("a", l.get(0));
    }

    @Test
    void runnableUpcastIntoThread() throws Exception {
        Task task = new Task();
        Thread t = new Thread(task);
        t.start();
        t.join();
        assertEquals(1, task.runs);
    }

    @Test
    void toStringCalledByLibrary() {
        assertEquals("1 EUR", String.valueOf(new Wallet().balance()));
    }

    @Test
    void serializableUsesName() {
        assertEquals("x", new Settings().name());
    }

    @Test
    void serializedByLibrary() throws Exception {
        new java.io.ObjectOutputStream(new java.io.ByteArrayOutputStream()).writeObject(new Settings());
    }

    @Test
    void deserializedByLibrary() throws Exception {
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        new java.io.ObjectOutputStream(bytes).writeObject(new Account(5));
        Object back = new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray())).readObject();
        assertEquals(-1, ((Ledger) back).opened);
    }

    @Test
    void roundTripByAHelperLibrary() {
        Settings back = SerializationUtils.roundtrip(new Settings());
        assertEquals("x", back.name());
    }

    @Test
    void sortedByAnotherLibraryHelper() {
        assertEquals(2, org.apache.commons.lang3.ArrayUtils.toArray(new Settings(), new Settings()).length);
    }

    @Test
    public void librarySuperCall() {
        assertEquals(3, new Stamp(3).get(java.time.temporal.ChronoField.DAY_OF_MONTH));
    }

    @Test
    public void inheritedLibraryMethod() {
        assertEquals(4, new Mark(4).day());
    }

    @Test
    public void classOfAValueToTheJdk() {
        assertEquals(false, new Names().known("x"));
    }
}
