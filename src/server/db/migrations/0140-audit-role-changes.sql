-- Issue 37: ADMIN_EMAILS grants the admin role once per account; afterwards the audit log is the truth. The grant asks
-- whether the log holds any role change for the account: a small partial index answers it however long the log grows.
create index audit_log_role_changes on audit_log (subject_id) where subject_type = 'user' and action in ('role_granted', 'role_revoked');
