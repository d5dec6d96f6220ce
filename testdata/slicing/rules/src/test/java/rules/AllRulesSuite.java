package rules;

import org.junit.runner.RunWith;
import org.junit.runners.Suite;

@RunWith(Suite.class)
@Suite.SuiteClasses({AliasTest.class, HelperTest.class})
public class AllRulesSuite {
}
