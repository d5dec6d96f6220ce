package app;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/** Lambdas handed to library collections: their parameters are what the collections hold. */
public class Shelves {
    private final Map<String, Parcel> parcels = new HashMap<>();
    private final Map<Class<?>, Class<?>> wrappers = new HashMap<>();
    static final Map<Class<?>, Class<?>> TABLE = new HashMap<>();
    static int sames;

    static {
        TABLE.put(int.class, Integer.class);
    }

    static {
        TABLE.forEach((a, b) -> sames += a.equals(b) ? 1 : 0);
    }

    public int weights() {
        int[] sum = {0};
        parcels.forEach((name, parcel) -> sum[0] += parcel.weight());
        return sum[0];
    }

    public int listWeights(List<Parcel> list) {
        int[] sum = {0};
        list.forEach(p -> sum[0] += p.weight());
        return sum[0];
    }

    public boolean sameClasses() {
        boolean[] same = {false};
        wrappers.forEach((a, b) -> same[0] |= a.equals(b));
        return same[0];
    }

    public int handedToProjectCode() {
        int[] sum = {0};
        each(parcels, (name, parcel) -> sum[0] += parcel.weight());
        return sum[0];
    }

    static void each(Map<String, Parcel> m, BiConsumer<String, Parcel> f) {
        m.forEach(f);
    }

    public int streamed(List<Parcel> list) {
        return list.stream().filter(p -> p.weight() > 0).mapToInt(p -> p.weight()).sum();
    }

    public long counted(List<Parcel> list) {
        return list.stream().map(p -> p).count();
    }

    public int collectedSize(List<Parcel> list) {
        return list.stream().collect(java.util.stream.Collectors.toList()).size();
    }
}
