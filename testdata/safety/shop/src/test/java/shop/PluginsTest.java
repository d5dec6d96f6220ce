package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class PluginsTest {
    @Test
    public void pluginsComeFromTheirResource() throws Exception {
        assertEquals("sale", new Sticker().text());
        Object greeter = Greeting.greeter();
        assertEquals("hello", greeter.toString());
    }

    @Test
    public void aTestMayNameTheResource() throws Exception {
        assertEquals("sale", new Sticker().text());
        Object greeter = Plugins.loadFrom("plugins.properties", "greeter");
        assertEquals("shop.Greeter", greeter.getClass().getName());
    }
}
