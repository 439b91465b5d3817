-- Product news ("news", "Nouveautés de Vivier") is marketing: under the ePrivacy rules a person
-- receives it only once they ticked it. A subscription row now holds what the person chose, or
-- null while they never chose, and each type's default applies then: off for product news, on
-- for the notices of the service they use (messages, alerts, applications...). The first email
-- that carries a type's unsubscribe link creates its row without a choice.
alter table notification_subscriptions
    alter column subscribed drop default,
    alter column subscribed drop not null;

-- Until now sign-up subscribed everyone to product news without asking: those subscriptions were
-- never a choice. Those who unsubscribed keep their "no".
update notification_subscriptions set subscribed = null where type = 'news' and subscribed;
