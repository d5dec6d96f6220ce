package app.model;

public class Box {
    protected Item item = new Item();

    public Item getItem() {
        return item;
    }

    public static class Lid {
        public int size() {
            return 1;
        }
    }
}
