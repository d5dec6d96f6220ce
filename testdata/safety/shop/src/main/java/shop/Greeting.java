package shop;

/** The shop's greeter: whichever class plugins.properties names. */
public final class Greeting {
    private Greeting() {
    }

    public static Object greeter() throws Exception {
        return Plugins.loadFrom("plugins.properties", "greeter");
    }
}
