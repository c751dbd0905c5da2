export { MaintenancePage } from './components/MaintenancePage';
export { MAINTENANCE_PATH, type MaintenanceSettings, sendsToMaintenance } from './utils/maintenance';
