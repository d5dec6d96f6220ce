package shop;

/** Makes objects from their class, reflectively. */
public final class Catalog {
    private Catalog() {
    }

    public static <T> T make(Class<T> type) throws Exception {
        return type.getDeclaredConstructor().newInstance();
    }
}
