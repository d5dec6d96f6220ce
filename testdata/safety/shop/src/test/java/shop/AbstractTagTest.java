package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

/** Tags made by a subclass, kept in fields a reset sets and getters read. */
public abstract class AbstractTagTest {
    private Tag tag;
    private Tag copy;

    protected abstract Tag makeTag();

    public Tag getTag() {
        return tag;
    }

    public Tag getCopy() {
        return copy;
    }

    public void reset() {
        tag = makeTag();
        copy = makeTag();
    }

    @Test
    public void equalsItsCopy() {
        reset();
        assertEquals(getTag(), getCopy());
    }
}
