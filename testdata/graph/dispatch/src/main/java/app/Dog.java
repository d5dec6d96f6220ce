package app;

public class Dog implements Named {
}
