package app;

public class Widget extends Part {
}
