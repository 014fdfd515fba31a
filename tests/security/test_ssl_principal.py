"""ssl.principal.mapping.rules as Kafka's SslPrincipalMapper reads and applies them (cases from Kafka's
SslPrincipalMapperTest)."""

from __future__ import annotations

import pytest

from kaflite.config import KafliteConfig
from kaflite.config.values import ConfigError
from kaflite.security.tls.principal import NoMatchingRule, parse_rules, principal_name


@pytest.mark.parametrize("rules", [
    "DEFAULT",
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/",
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/L, DEFAULT",
    "RULE:^CN=(.*?),OU=(.*?),O=(.*?),L=(.*?),ST=(.*?),C=(.*?)$/$1@$2/",
    "RULE:^.*[Cc][Nn]=([a-zA-Z0-9.]*).*$/$1/L",
    "RULE:^cn=(.?),ou=(.?),dc=(.?),dc=(.?)$/$1@$2/U",
    "RULE:^CN=([^,ADEFLTU,]+)(,.*|$)/$1/",
    "RULE:^CN=([^,DEFAULT,]+)(,.*|$)/$1/",
])
def test_kafkas_valid_rules_parse(rules: str) -> None:
    assert parse_rules(rules)
    assert KafliteConfig(ssl_principal_mapping_rules=rules).ssl_principal_mapping_rules == rules


@pytest.mark.parametrize("rules", [
    "default", "DEFAUL", "DEFAULT/L", "DEFAULT/U",
    "RULE:CN=(.*?),OU=ServiceUsers.*/$1",
    "rule:^CN=(.*?),OU=ServiceUsers.*$/$1/",
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/L/U",
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/L",
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/U",
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/LU",
])
def test_kafkas_invalid_rules_are_refused_at_start(rules: str) -> None:
    with pytest.raises(ValueError, match="Invalid rule"):
        parse_rules(rules)
    with pytest.raises(ConfigError) as info:
        KafliteConfig(ssl_principal_mapping_rules=rules)
    assert info.value.name == "ssl.principal.mapping.rules"


RULES = ", ".join([
    "RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/L",
    "RULE:^CN=(.*?),OU=(.*?),O=(.*?),L=(.*?),ST=(.*?),C=(.*?)$/$1@$2/L",
    "RULE:^cn=(.*?),ou=(.*?),dc=(.*?),dc=(.*?)$/$1@$2/U",
    "RULE:^.*[Cc][Nn]=([a-zA-Z0-9.]*).*$/$1/U",
    "DEFAULT",
])


@pytest.mark.parametrize(("dn", "name"), [
    ("CN=Duke,OU=ServiceUsers,O=Org,C=US", "duke"),
    ("CN=Duke,OU=SME,O=mycp,L=Fulton,ST=MD,C=US", "duke@sme"),
    ("cn=duke,ou=sme,dc=mycp,dc=com", "DUKE@SME"),
    ("cN=duke,OU=JavaSoft,O=Sun Microsystems", "DUKE"),
    ("OU=JavaSoft,O=Sun Microsystems,C=US", "OU=JavaSoft,O=Sun Microsystems,C=US"),
])
def test_the_first_rule_that_applies_names_the_principal(dn: str, name: str) -> None:
    assert principal_name(RULES, dn) == name


def test_an_escaped_comma_in_a_name() -> None:
    assert principal_name(r"RULE:^CN=((\\, *|\w)+)(,.*|$)/$1/,DEFAULT",
                          r"CN=Tkac\, Adam,OU=ITZ,DC=geodis,DC=cz") == r"Tkac\, Adam"


def test_a_name_no_rule_applies_to_is_refused() -> None:
    with pytest.raises(NoMatchingRule):
        principal_name("RULE:^CN=(.*?),OU=ServiceUsers.*$/$1/", "CN=someone,OU=Elsewhere")
